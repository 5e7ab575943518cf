/** 'Caricamento...' while the admin's sign-in state or a view's code loads. */
export function AdminLoading() {
  return <p className="py-10 text-center text-gray-500">Caricamento...</p>;
}
