// Device information (spec 01 §3): form factor, OS, browser family and whether the visitor is
// a crawler. A pure function of the User-Agent, so server components (from the request header)
// and client components (from navigator) get the same answer.
import Bowser from 'bowser';
import { isbot } from 'isbot';

export interface DeviceInfo {
  type: 'mobile' | 'tablet' | 'desktop';
  isMobile: boolean;
  isTablet: boolean;
  isDesktop: boolean;
  isIOS: boolean;
  isAndroid: boolean;
  /** Chrome, Safari, Firefox, Microsoft Edge, WeChat, QQ Browser, UC Browser… or '' */
  browser: string;
  isCrawler: boolean;
}

export function parseDevice(userAgent: string | null | undefined): DeviceInfo {
  const ua = userAgent ?? '';
  const isCrawler = ua === '' ? false : isbot(ua);
  const parsed = ua ? Bowser.parse(ua) : null;
  const platform = parsed?.platform.type;
  const type: DeviceInfo['type'] = platform === 'mobile' ? 'mobile' : platform === 'tablet' ? 'tablet' : 'desktop';
  const os = parsed?.os.name ?? '';
  return {
    type,
    isMobile: type === 'mobile',
    isTablet: type === 'tablet',
    isDesktop: type === 'desktop',
    isIOS: os === 'iOS' || /iPad|iPhone|iPod/.test(ua),
    isAndroid: os === 'Android',
    browser: parsed?.browser.name ?? '',
    isCrawler,
  };
}
