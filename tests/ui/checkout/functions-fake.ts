import { HttpResponse } from 'msw';
import { beforeEach } from 'vitest';
import { fn, setupFunctionsServer } from '../support/functions';

/**
 * Our Netlify functions as the checkout sees them, on the shared msw server
 * (tests/ui/support/functions.ts): every body posted is kept, and each
 * function answers what the test queues (a Response or a promise of one),
 * else a default answer.
 */
export interface FakeFunction {
  /** The JSON bodies received, in order. */
  bodies: unknown[];
  /** Answers for the next calls, first in first out. */
  queue: Array<Response | Promise<Response>>;
  /** The answer when the queue is empty. */
  fallback: () => Response;
}

export const SERVER_FIGURES = { amountEuros: 250, contributionEuros: 0, feeEuros: 4.97, totalEuros: 254.97 };

const DEFAULT_ANSWERS = {
  createPaymentIntent: () => HttpResponse.json({ checkoutSessionClientSecret: 'pi_1_secret_x', ...SERVER_FIGURES }),
  recordPayment: () => HttpResponse.json({ orderId: 'pi_1', status: 'Confermato' }),
};

type Name = keyof typeof DEFAULT_ANSWERS;
const fresh = (name: Name): FakeFunction => ({ bodies: [], queue: [], fallback: DEFAULT_ANSWERS[name] });

export const functions: Record<Name, FakeFunction> = {
  createPaymentIntent: fresh('createPaymentIntent'),
  recordPayment: fresh('recordPayment'),
};

const faked = (name: string, key: Name) => fn(name, () => functions[key].queue.shift() ?? functions[key].fallback(), functions[key].bodies);

/** Starts the fake functions for the test file: fresh queues and bodies for each test. */
export function startFakeFunctions() {
  const server = setupFunctionsServer();
  beforeEach(() => {
    functions.createPaymentIntent = fresh('createPaymentIntent');
    functions.recordPayment = fresh('recordPayment');
    server.use(faked('create-payment-intent', 'createPaymentIntent'), faked('record-payment', 'recordPayment'));
  });
  return server;
}

/** A promise of a Response and the function that settles it, to hold a function's answer. */
export function heldAnswer(): { answer: Promise<Response>; release: (response: Response) => void } {
  let release: (response: Response) => void = () => {};
  const answer = new Promise<Response>((resolve) => (release = resolve));
  return { answer, release };
}
