/** Vigil's mark: a shield with a bell, drawn inline (no image request, works offline). */
export function VigilMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Vigil logo">
      <path d="M16 2 4 6v9c0 7.5 5.1 13.2 12 15 6.9-1.8 12-7.5 12-15V6L16 2Z" fill="#1c7ed6" />
      <path
        d="M16 9a5 5 0 0 0-5 5v4l-2 2v1h14v-1l-2-2v-4a5 5 0 0 0-5-5Zm-2 13a2 2 0 0 0 4 0h-4Z"
        fill="#fff"
      />
    </svg>
  );
}
