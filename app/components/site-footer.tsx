import { errorReportLink } from '#contract/site-settings.ts';
import type { QrCode } from '#app/lib/qr.server.ts';
import type { SiteSettings } from '#app/lib/root-data.ts';
import { GovMark } from './gov-mark.tsx';
import { SmartLink } from './smart-link.tsx';

/** Footer of the default layout: the marks a government site must show and two QR codes, all from settings. */
export function SiteFooter({ site, qrCodes }: { site: SiteSettings; qrCodes: readonly QrCode[] }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__mark">
          <GovMark />
        </div>
        <div className="site-footer__info">
          <p className="site-footer__links">
            <a href={site.govUrl} target="_blank" rel="noopener">
              {site.govName}
            </a>
            <SmartLink to="/important-policy">重点政策</SmartLink>
            <SmartLink to="/notice">通知公告</SmartLink>
            <SmartLink to="/address-book">联系我们</SmartLink>
            <SmartLink to="/performance">办件绩效</SmartLink>
          </p>
          <p>
            主办单位：{site.govName}
            <span className="site-footer__gap" />
            承办单位：{site.support}
          </p>
          <p>
            技术支持：{site.support}
            <span className="site-footer__gap" />
            建设单位：{site.builder}
          </p>
          <p>
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener">
              {site.icp}
            </a>
            <span className="site-footer__gap" />
            <span>{site.psb}</span>
            <span className="site-footer__gap" />
            <span>网站标识码：{site.govCode}</span>
            <span className="site-footer__gap" />
            <a className="site-footer__error-report" href={errorReportLink(site)} target="_blank" rel="noopener" title="我为政府网站找错（全国政府网站监督举报平台）">
              <span aria-hidden="true">找错</span>
              <span className="site-footer__error-report-text">我为政府网站找错</span>
            </a>
          </p>
          {site.footerText ? <p className="site-footer__text">{site.footerText}</p> : null}
        </div>
        <ul className="site-footer__qr" aria-label="扫码关注">
          {qrCodes.map((qr) => (
            <li key={qr.src}>
              {/* The label beside it names the code. */}
              <img className="site-footer__qr-code" src={qr.src} alt="" width={96} height={96} loading="lazy" />
              <span>{qr.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
