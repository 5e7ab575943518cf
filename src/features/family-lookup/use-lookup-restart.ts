import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** What {@link useLookupRestart} returns. */
export interface LookupRestart {
  /** How many times the screen restarted (0 before 'Esci'): the lookup form's `key`, so it starts again empty. */
  round: number;
  /** Restarts the screen's lookup. */
  restart: () => void;
}

/**
 * A payment screen's restart after 'Esci' (EndSessionButton): a new `round`
 * for the lookup form, and the screen's history entry emptied of the state
 * where the screen keeps the family for Back (docs/product.md, "Order
 * flow"), so neither Back nor a reload shows the family again.
 */
export function useLookupRestart(): LookupRestart {
  const [round, setRound] = useState(0);
  const navigate = useNavigate();
  const location = useLocation();
  return {
    round,
    restart: () => {
      setRound((count) => count + 1);
      if (location.state != null) {
        void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
      }
    },
  };
}
