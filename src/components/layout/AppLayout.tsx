import { Outlet } from 'react-router';
import { Footer } from './Footer';
import { Header } from './Header';
import { TopBar } from './TopBar';

/** The shared layout of every route: top bar, header, the route's content, footer. */
export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      <Header />
      <main className="w-full flex-1 px-4 py-6 sm:py-10">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
