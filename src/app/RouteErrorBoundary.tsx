import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface BoundaryProps {
  /** The address drawn: a new one draws the screens again. */
  pathname: string;
  children: ReactNode;
}

/** React's error boundary (a class: React has no hook for it); `failedAt` is the address whose screen threw. */
class ScreenErrorBoundary extends Component<BoundaryProps, { failedAt?: string }> {
  override state: { failedAt?: string } = {};

  static getDerivedStateFromError(): { failedAt: string } {
    // Set again by getDerivedStateFromProps to the address drawn.
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failedAt?: string }): { failedAt?: string } | null {
    if (state.failedAt === '') return { failedAt: props.pathname };
    return state.failedAt !== undefined && state.failedAt !== props.pathname ? { failedAt: undefined } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Errore della pagina:', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failedAt === undefined ? this.props.children : <PageFailed />;
  }
}

/** The message of a screen that threw, with a reload button. */
function PageFailed() {
  return (
    <div role="alert" className="mx-auto max-w-xl space-y-4 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-gray-200">
      <h1 className="text-2xl font-bold text-brand-800">Qualcosa è andato storto</h1>
      <p className="text-gray-700">
        La pagina non si è caricata correttamente. Ricaricala: se il problema resta, riprova tra qualche minuto.
      </p>
      <button
        type="button"
        className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        onClick={() => window.location.reload()}
      >
        Ricarica la pagina
      </button>
    </div>
  );
}

/**
 * Around the routes' screens: whatever a screen throws (a chunk that failed
 * to load after a deploy, a bug) shows an Italian message with a reload
 * button instead of a blank page, and is logged for the developer. Going
 * to another address draws the screens again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ScreenErrorBoundary pathname={pathname}>{children}</ScreenErrorBoundary>;
}
