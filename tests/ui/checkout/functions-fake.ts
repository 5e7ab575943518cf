import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * Our Netlify functions as the checkout sees them, faked with msw (the
 * browser code's own fetch runs): every body posted is kept, and each
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

export const SERVER_FIGURES = { amountEuros: 250, feeEuros: 4.97, totalEuros: 254.97 };

const DEFAULT_ANSWERS = {
  createPaymentIntent: () => HttpResponse.json({ checkoutSessionClientSecret: 'pi_1_secret_x', ...SERVER_FIGURES }),
  recordPayment: () => HttpResponse.json({ orderId: 'pi_1', status: 'Confermato' }),
};

export const functions: Record<keyof typeof DEFAULT_ANSWERS, FakeFunction> = {
  createPaymentIntent: { bodies: [], queue: [], fallback: DEFAULT_ANSWERS.createPaymentIntent },
  recordPayment: { bodies: [], queue: [], fallback: DEFAULT_ANSWERS.recordPayment },
};

function handler(name: string, key: keyof typeof functions) {
  return http.post(`/.netlify/functions/${name}`, async ({ request }) => {
    const target = functions[key];
    target.bodies.push(await request.json());
    return target.queue.shift() ?? target.fallback();
  });
}

/** Starts the fake functions for the test file and resets them after each test. */
export function startFakeFunctions() {
  const server = setupServer(handler('create-payment-intent', 'createPaymentIntent'), handler('record-payment', 'recordPayment'));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    for (const name of Object.keys(functions) as Array<keyof typeof functions>) {
      functions[name] = { bodies: [], queue: [], fallback: DEFAULT_ANSWERS[name] };
    }
  });
  afterAll(() => server.close());
  return server;
}

/** A promise of a Response and the function that settles it, to hold a function's answer. */
export function heldAnswer(): { answer: Promise<Response>; release: (response: Response) => void } {
  let release: (response: Response) => void = () => {};
  const answer = new Promise<Response>((resolve) => (release = resolve));
  return { answer, release };
}
