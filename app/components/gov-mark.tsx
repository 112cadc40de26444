/** 党政机关网站标识: the red mark every Party and government website carries in its footer. */
export function GovMark() {
  return (
    <svg width="48" height="58" viewBox="0 0 48 58" role="img" aria-label="党政机关网站标识" focusable="false">
      <title>党政机关网站标识</title>
      <circle cx="24" cy="21" r="20" fill="#e60012" />
      <circle cx="24" cy="21" r="16.5" fill="none" stroke="#ffd200" strokeWidth="1.5" />
      <path d="M24 8.5l3.2 6.6 7.2 1-5.2 5.1 1.2 7.2L24 25l-6.4 3.4 1.2-7.2-5.2-5.1 7.2-1z" fill="#ffd200" />
      <rect x="2" y="44" width="44" height="14" rx="2" fill="#e60012" />
      <text
        x="24"
        y="54.5"
        textAnchor="middle"
        fontSize="10"
        fontWeight="700"
        fill="#fff"
        fontFamily="'Noto Sans CJK SC','Microsoft YaHei',sans-serif"
        letterSpacing="1"
      >
        党政机关
      </text>
    </svg>
  );
}
