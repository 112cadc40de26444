/** The portal's emblem: a gate under a star over water, drawn inline so the header needs no image request. */
export function Emblem({ size = 56 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="emblem-ring" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe08a" />
          <stop offset="1" stopColor="#f0b429" />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="30" fill="url(#emblem-ring)" />
      <circle cx="32" cy="32" r="25.5" fill="#d7261e" />
      <path d="M32 9.5l2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z" fill="#ffe08a" />
      <path d="M17 43V31.5l15-6.5 15 6.5V43h-4V33.6l-11-4.7-11 4.7V43z" fill="#ffe08a" />
      <rect x="25.5" y="33" width="4" height="10" fill="#ffe08a" />
      <rect x="34.5" y="33" width="4" height="10" fill="#ffe08a" />
      <path d="M14 47.5c3 0 3-2 6-2s3 2 6 2 3-2 6-2 3 2 6 2 3-2 6-2 3 2 6 2" fill="none" stroke="#ffe08a" strokeWidth="2" strokeLinecap="round" />
      <path
        d="M18 52c2.7 0 2.7-1.6 5.4-1.6s2.7 1.6 5.4 1.6 2.7-1.6 5.4-1.6 2.7 1.6 5.4 1.6 2.7-1.6 5.4-1.6"
        fill="none"
        stroke="#ffe08a"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
