/**
 * The checkout status box (docs/product.md, "Order flow"): red-toned when the text
 * contains 'Errore', otherwise green.
 */
export function CheckoutStatusMessage({ message }: { message: string }) {
  const isError = message.includes('Errore');
  return (
    <p
      role={isError ? 'alert' : 'status'}
      data-tone={isError ? 'error' : 'success'}
      className={`rounded-lg p-3 text-sm ring-1 ${isError ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-green-50 text-green-800 ring-green-200'}`}
    >
      {message}
    </p>
  );
}
