import { API_TEST_LIMITS, ONLINE_MSG, type OnlineParam } from '@apimarket/contracts';
import { describe, expect, it } from 'vitest';
import { base64Body, GATEWAY_PLACEHOLDER, IMAGE_TYPE_MSG, imageProblem, sentParams, testCurl } from './test-params';

const param = (name: string, type = 'string', required = true): OnlineParam => ({
  name,
  type,
  required,
  description: '',
  example: '',
  media: type === 'base64' ? 'image' : null,
});
const PARAMS = [param('name'), param('idcard'), param('mobile', 'string', false), param('image', 'base64', false)];

describe('the online test’s parameters', () => {
  it('sends the filled parameters only, text trimmed', () => {
    expect(sentParams(PARAMS, { name: ' 张三 ', idcard: '110101199003071234', mobile: '  ' })).toEqual({ name: '张三', idcard: '110101199003071234' });
    expect(sentParams(PARAMS, undefined)).toEqual({});
  });

  it('shows the call as curl with a key placeholder and never the image itself', () => {
    const image = 'A'.repeat(5000);
    const curl = testCurl('https://gw.example.com', '/communication/personal/1882', PARAMS, { name: '张三', idcard: '1101', image });
    expect(curl).toContain('curl -X POST "https://gw.example.com/communication/personal/1882"');
    expect(curl).toContain('--data-urlencode "key=您的接口Key"');
    expect(curl).toContain('--data-urlencode "name=张三"');
    expect(curl).toContain('--data-urlencode "image=<image 图片的 Base64 编码>"');
    expect(curl).not.toContain('mobile=');
    expect(curl).not.toContain(image);
  });

  it('names the gateway with a placeholder when its address is unknown', () => {
    expect(testCurl('', '/x', PARAMS, {})).toContain(`"${GATEWAY_PLACEHOLDER}/x"`);
  });

  it('takes JPG and PNG images up to the limit', () => {
    expect(imageProblem({ name: 'face.JPG', size: 1000 })).toBe('');
    expect(imageProblem({ name: 'face.png', size: API_TEST_LIMITS.maxImageBytes })).toBe('');
    expect(imageProblem({ name: 'face.png', size: API_TEST_LIMITS.maxImageBytes + 1 })).toBe(ONLINE_MSG.imageTooLarge);
    expect(imageProblem({ name: 'face.gif', size: 10 })).toBe(IMAGE_TYPE_MSG);
    expect(imageProblem({ name: 'face', size: 10 })).toBe(IMAGE_TYPE_MSG);
  });

  it('drops the data: head FileReader puts before the base64', () => {
    expect(base64Body('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
    expect(base64Body('iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
  });
});
