import { Alert } from '../../components/ui/Alert';

/** Notice shown for the Online method until card payments are available. */
export function OnlinePaymentUnavailable() {
  return (
    <Alert kind="info">
      Il pagamento online con carta non è ancora disponibile. Scegli «Bonifico» come metodo di pagamento.
    </Alert>
  );
}
