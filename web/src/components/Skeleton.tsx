/** A grey placeholder block that keeps the final size of what is loading (no layout shift). */
export function Skeleton({ className = '', style }: { className?: string; style?: React.CSSProperties }) {
  return <div className={`skeleton ${className}`} style={style} aria-hidden="true" />;
}

/** Three goods lines loading: a picture, the name and what the line ends with. */
export function LinesSkeleton({ picture, end }: { picture: string; end: string }) {
  return (
    <div className="card flex flex-col gap-4 p-6" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-4">
          <Skeleton className={picture} />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className={end} />
        </div>
      ))}
    </div>
  );
}
