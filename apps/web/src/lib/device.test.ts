import { describe, expect, it } from 'vitest';
import { parseDevice } from './device';

const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  baidu: 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  wechat:
    'Mozilla/5.0 (Linux; Android 13; V2148A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47',
};

describe('parseDevice', () => {
  it('tells an iPhone', () => {
    expect(parseDevice(UA.iphone)).toMatchObject({ type: 'mobile', isIOS: true, isAndroid: false, browser: 'Safari', isCrawler: false });
  });
  it('tells an Android phone', () => {
    expect(parseDevice(UA.android)).toMatchObject({ type: 'mobile', isAndroid: true, browser: 'Chrome' });
  });
  it('tells a tablet', () => {
    expect(parseDevice(UA.ipad)).toMatchObject({ type: 'tablet', isTablet: true, isIOS: true });
  });
  it('tells a desktop', () => {
    expect(parseDevice(UA.desktop)).toMatchObject({ type: 'desktop', isDesktop: true, isIOS: false, browser: 'Chrome' });
  });
  it('flags Baidu as a crawler', () => {
    expect(parseDevice(UA.baidu).isCrawler).toBe(true);
  });
  it('names the WeChat browser', () => {
    expect(parseDevice(UA.wechat).browser).toBe('WeChat');
  });
  it('treats a missing UA as a desktop person', () => {
    expect(parseDevice(undefined)).toMatchObject({ type: 'desktop', isCrawler: false });
  });
});
