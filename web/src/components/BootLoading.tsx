export function BootLoading() {
  return <div className="min-h-screen bg-white" aria-busy="true" />;
}
