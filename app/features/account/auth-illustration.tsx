/**
 * The login image of the auth layout (docs/product.md §2): a bonded zone at work — a gate, a bonded
 * warehouse, stacked containers and a gantry crane — behind a shield with a check mark for the
 * secure sign-in. Drawn inline, so the page needs no image request.
 */
export function AuthIllustration() {
  return (
    <svg className="auth-illustration" viewBox="0 0 440 320" role="img" aria-label="综合保税区：卡口、保税仓库、集装箱与安全登录">
      <defs>
        <linearGradient id="auth-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.22" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0.04" />
        </linearGradient>
        <linearGradient id="auth-shield" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#d6efff" />
        </linearGradient>
      </defs>
      <circle cx="330" cy="70" r="46" fill="url(#auth-sky)" />
      <circle cx="330" cy="70" r="26" fill="#ffffff" fillOpacity="0.18" />
      <path d="M0 250 C80 232 150 240 220 236 C300 232 370 226 440 236 V320 H0 Z" fill="#ffffff" fillOpacity="0.1" />
      {/* gantry crane */}
      <g stroke="#ffffff" strokeOpacity="0.85" strokeWidth="4" strokeLinecap="round" fill="none">
        <path d="M52 250 V96 M104 250 V96 M40 96 H190 M52 130 H104 M52 170 H104 M52 210 H104 M52 130 L104 170 M104 170 L52 210" />
        <path d="M160 96 V128" strokeWidth="2" />
      </g>
      <rect x="146" y="128" width="30" height="14" rx="2" fill="#ffd666" />
      {/* containers */}
      <g>
        <rect x="120" y="214" width="64" height="36" rx="2" fill="#ff8a4c" />
        <rect x="186" y="214" width="64" height="36" rx="2" fill="#36cfc9" />
        <rect x="152" y="176" width="64" height="36" rx="2" fill="#ffd666" />
        <g stroke="#ffffff" strokeOpacity="0.55" strokeWidth="2">
          <path d="M132 220 V244 M144 220 V244 M156 220 V244 M168 220 V244 M198 220 V244 M210 220 V244 M222 220 V244 M234 220 V244 M164 182 V206 M176 182 V206 M188 182 V206 M200 182 V206" />
        </g>
      </g>
      {/* bonded warehouse */}
      <path d="M262 250 V176 L318 148 L374 176 V250 Z" fill="#ffffff" fillOpacity="0.92" />
      <rect x="290" y="200" width="56" height="50" fill="#0a5fa8" fillOpacity="0.85" />
      <g stroke="#ffffff" strokeOpacity="0.6" strokeWidth="2">
        <path d="M290 212 H346 M290 224 H346 M290 236 H346" />
      </g>
      <text x="318" y="190" textAnchor="middle" fontSize="13" fontWeight="700" fill="#0a5fa8">
        保税仓库
      </text>
      {/* gate with barrier */}
      <rect x="384" y="204" width="14" height="46" fill="#ffffff" fillOpacity="0.9" />
      <path d="M398 214 H438" stroke="#ff4d4f" strokeWidth="5" strokeDasharray="8 6" />
      <path d="M0 250 H440" stroke="#ffffff" strokeOpacity="0.5" strokeWidth="2" />
      {/* secure sign-in shield */}
      <g transform="translate(196 36)">
        <path d="M44 0 L88 16 V52 C88 82 68 102 44 112 C20 102 0 82 0 52 V16 Z" fill="url(#auth-shield)" />
        <path d="M44 12 L76 24 V52 C76 74 62 90 44 98 C26 90 12 74 12 52 V24 Z" fill="#1aa3f9" />
        <path d="M27 55 L40 68 L63 44" stroke="#ffffff" strokeWidth="8" strokeLinecap="round" strokeLinejoin="round" fill="none" />
      </g>
      {/* document with a seal */}
      <g transform="translate(20 258)">
        <rect width="70" height="50" rx="4" fill="#ffffff" fillOpacity="0.18" />
        <path d="M12 14 H58 M12 26 H50 M12 38 H36" stroke="#ffffff" strokeOpacity="0.8" strokeWidth="3" strokeLinecap="round" />
        <circle cx="54" cy="38" r="8" fill="none" stroke="#ff7875" strokeWidth="2.5" />
      </g>
    </svg>
  );
}
