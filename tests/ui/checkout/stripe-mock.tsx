import { vi } from 'vitest';

/**
 * Stand-ins for @stripe/react-stripe-js in component tests: the Elements
 * provider renders its children, the elements render placeholders, and the
 * hooks return what a test sets (`stripeState.stripe` null = not ready).
 */
export const stripeState: {
  stripe: { confirmPayment: ReturnType<typeof vi.fn> } | null;
  elements: object | null;
  elementsOptions: unknown;
} = { stripe: null, elements: null, elementsOptions: null };

export function resetStripeState() {
  stripeState.stripe = { confirmPayment: vi.fn() };
  stripeState.elements = {};
  stripeState.elementsOptions = null;
}

export const reactStripeMock = {
  Elements: ({ children, options }: { children: React.ReactNode; options: unknown }) => {
    stripeState.elementsOptions = options;
    return <div data-testid="stripe-elements">{children}</div>;
  },
  PaymentElement: () => <div data-testid="payment-element" />,
  ExpressCheckoutElement: ({ onConfirm }: { onConfirm: () => void }) => (
    <button type="button" onClick={onConfirm}>
      Express checkout
    </button>
  ),
  useStripe: () => stripeState.stripe,
  useElements: () => stripeState.elements,
};
