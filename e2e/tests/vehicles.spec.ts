// 车辆运力 (issue #22): a customer with 车辆运力 opened (menu code 11, by the operator command) buys
// 车辆实时位置 and 车辆轨迹查询 — it recharges and buys, so it is this spec's own account, not the
// shared one — subscribes two trucks (each one charged position call), sees them on the map and in
// the position table, plays one's trajectory, draws a circle on the map and then types the fence
// across that track, binds the truck, and 立即核查 finds it driving in and out. Then, on a phone's width, none of the three screens
// scrolls sideways.
import { FEATURE, VEHICLE_INTERFACES } from '@apimarket/contracts';
import { expect, type Page, test } from '@playwright/test';
import { buyFirstPackage, operator, rechargeConfirmed } from './helpers';
import { registerCustomer } from './setup/register';
import { call } from './setup/wire';

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '10.31.0.1' } });

const MANAGE = '/userCenter/transportation/vehicleManage';
const POSITION = '/userCenter/transportation/vehiclePosition';
const FENCES = '/userCenter/transportation/geofenceManage';
const TRAJECTORY = '/userCenter/transportation/vehicleTrajectory';

/** A China clock reading as the transport calls take it. */
const clock = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

async function subscribe(page: Page, typed: string, plate: string, setPeriod: boolean) {
  const form = page.getByTestId('subscribe-card');
  await form.getByLabel('车牌号').fill(typed);
  // Upper-cased as typed; 黄色 (trucks) is the form's default colour.
  await expect(form.getByLabel('车牌号')).toHaveValue(plate);
  if (setPeriod) {
    // Begun three days ago, so the tracks since then may be asked; the form keeps it for the next.
    const [start, end] = [clock(Date.now() - 3 * 86_400_000).slice(0, 10), clock(Date.now() + 20 * 86_400_000).slice(0, 10)];
    // Typed as a customer may type them, Tab to confirm (a click on a day of the opening panel
    // can be lost; Enter would submit the form).
    for (const [placeholder, day] of [
      ['开始日期', start],
      ['结束日期', end],
    ] as const) {
      const input = form.getByPlaceholder(placeholder);
      await input.click();
      await input.fill(day);
      await input.press('Tab');
      await expect(input).toHaveValue(day);
    }
    await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  }
  await form.getByTestId('subscribe-submit').click();
  // One real call of the position interface per vehicle: give it the time a call may take.
  await expect(page.getByTestId('subscribe-result')).toContainText(`已订阅：${plate}`, { timeout: 20_000 });
  await expect(page.getByTestId('subscribe-result')).toContainText('成功订阅 1 辆车，扣费 1 次');
}

test('subscribe two trucks, see them on the map, play a track, and a fence across it finds the truck in and out', async ({ page }) => {
  test.setTimeout(150_000);
  // Registered through the API as the setup project does; the page shares its cookies.
  const company = '宁波车队示例物流有限公司';
  const who = await registerCustomer(page.request, { password: 'fleet2026ok', companyName: company, legalPerson: '陆川', creditPrefix: '91330201MA' });
  expect(operator('features', who.name, `${FEATURE.onlineQuery},${FEATURE.vehicleCapacity}`)).toContain('已开通');
  await rechargeConfirmed(page, '3000', company, 'E2EV');
  await buyFirstPackage(page, VEHICLE_INTERFACES.position);
  await buyFirstPackage(page, VEHICLE_INTERFACES.trajectory);

  // 车辆管理: both interfaces usable; each subscription is one position call.
  await page.goto(MANAGE);
  await expect(page.getByTestId('vehicle-interface-9694-left')).toHaveText('剩余 1,000 次');
  await expect(page.getByText('每订阅一辆车，调用一次「车辆实时位置」接口')).toBeVisible();
  await subscribe(page, '浙a8f2c6', '浙A8F2C6', true);
  await subscribe(page, '沪b 7k9m2', '沪B7K9M2', false);
  await expect(page.getByTestId('vehicle-interface-9694-left')).toHaveText('剩余 998 次');
  const list = page.getByTestId('vehicle-list');
  await expect(list.getByRole('row').filter({ hasText: '浙A8F2C6' })).toContainText('订阅中');
  await expect(list.getByRole('row').filter({ hasText: '浙A8F2C6' })).toContainText(`${clock(Date.now() - 3 * 86_400_000).slice(0, 10)} 至`);
  await expect(list.getByRole('row').filter({ hasText: '沪B7K9M2' })).toContainText('黄色');

  // 车辆位置: two markers, two rows with status, speed, direction in words and the address.
  await page.goto(POSITION);
  const table = page.getByTestId('position-table');
  const row = table.getByRole('row').filter({ hasText: '浙A8F2C6' });
  await expect(row).toContainText(/在线|离线/);
  await expect(row).toContainText(/km\/h/);
  await expect(row).toContainText(/[东南西北]/);
  await expect(table.getByRole('row').filter({ hasText: '沪B7K9M2' })).toBeVisible();
  await expect(page.getByTestId('position-summary')).toContainText('共 2 辆');
  // Two vehicle arrows among the city labels; the row clicked is the marker raised.
  const arrows = page.getByTestId('fleet-map').locator('.leaflet-marker-icon.fleet-vehicle');
  await expect(arrows).toHaveCount(2);
  await row.getByRole('cell').nth(3).click();
  await expect(arrows.and(page.locator('.fleet-vehicle-chosen'))).toHaveCount(1);

  // The trajectory of 浙A8F2C6, played on the map helper's screen.
  await row.getByRole('link', { name: '轨迹' }).click();
  await page.waitForURL(/vehicleTrajectory\?id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await playTrajectory(page);

  // A fence typed across the track: a 3 km circle round a point where the truck was on the highway
  // (above 60 km/h it is more than 6 km from either end of its trip), in the last 71 hours — the
  // events' window opens on the last 72. A 48 h working slot lies wholly inside, so it drove.
  const end = Date.now() - 5 * 60_000;
  const track = await call<{ data: { points: { lon: number[]; lat: number[]; speed: number[] } } }>(page.request, 'subscribeCarInfo/trajectoryData', {
    data: { id, startTime: clock(end - 71 * 3_600_000), endTime: clock(end) },
  });
  const { lon, lat, speed } = track.data.points;
  const middle = Math.floor(lon.length / 2);
  let at = -1;
  for (let i = 0; i < lon.length; i++) if ((speed[i] ?? 0) > 60 && (at < 0 || Math.abs(i - middle) < Math.abs(at - middle))) at = i;
  expect(at, 'a moving point on the track').toBeGreaterThanOrEqual(0);

  await page.goto(FENCES);
  await expect(page.getByTestId('fence-empty')).toBeVisible();
  await page.getByTestId('fence-create').click();
  const drawer = page.getByRole('dialog', { name: '新建电子围栏' });
  await drawer.getByLabel('围栏名称').fill('途经检查区');
  // Drawn on the map: once the circle tool is armed (its button active) and the drawer has slid
  // to rest, a click places the centre and a second sets the radius; the fields below follow.
  const canvas = drawer.getByTestId('fleet-map');
  await expect(canvas.locator('.leaflet-pm-toolbar .button-container.active')).toBeVisible();
  const restingBox = async () => {
    for (let last = await canvas.boundingBox(); ; ) {
      await page.waitForTimeout(100);
      const now = await canvas.boundingBox();
      if (now && last && now.x === last.x && now.y === last.y && now.width === last.width) return now;
      last = now;
    }
  };
  const box = await restingBox();
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(cx - 10, cy);
  await page.mouse.move(cx, cy);
  await page.mouse.click(cx, cy);
  // The centre is down: geoman draws the circle that follows the pointer.
  await expect(canvas.locator('path.leaflet-interactive')).not.toHaveCount(0);
  await page.mouse.move(cx + 30, cy);
  await page.mouse.move(cx + 60, cy);
  await page.mouse.click(cx + 60, cy);
  await expect(drawer.getByLabel('圆心经度')).not.toHaveValue('');
  await expect(drawer.getByLabel('半径（米）')).not.toHaveValue('1000');
  // Then typed exactly, round the point of the track.
  await drawer.getByText('输入坐标').click();
  await drawer.getByLabel('圆心经度').fill(String(lon[at]));
  await drawer.getByLabel('圆心纬度').fill(String(lat[at]));
  await drawer.getByLabel('半径（米）').fill('3000');
  await drawer.getByTestId('fence-vehicles').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '浙A8F2C6' }).click();
  await drawer.getByTestId('fence-save').click();
  await expect(page.getByText('已创建围栏「途经检查区」')).toBeVisible();
  const fence = page.getByTestId('fence-table').getByRole('row').filter({ hasText: '途经检查区' });
  await expect(fence).toContainText('圆形');
  await expect(fence).toContainText('28.3 km²');

  // 立即核查 asks the bound truck's track (one trajectory call) and finds it driving in and out.
  await page.getByTestId('fence-check').click();
  await expect(page.getByText('将为 1 辆绑定车辆各调用一次「车辆轨迹查询」')).toBeVisible();
  await page.getByRole('button', { name: '核 查' }).click();
  await expect(page.getByTestId('fence-check-summary')).toContainText(/核查完成：查询 1 辆车的轨迹，扣费 1 次，新发现 [1-9]\d* 条进出记录/);
  const events = page.getByTestId('fence-events');
  await expect(events.getByRole('row').filter({ hasText: '驶入' }).first()).toContainText('浙A8F2C6');
  await expect(events.getByRole('row').filter({ hasText: '驶出' }).first()).toContainText('途经检查区');

  // On a phone nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  const shown = { [MANAGE]: 'vehicle-list', [POSITION]: 'position-table', [FENCES]: 'fence-table', [`${TRAJECTORY}?id=${id}`]: 'trajectory-submit' };
  for (const [path, testId] of Object.entries(shown)) {
    await page.goto(path);
    // Under CI's load two hidden copies of a table were once seen while the page loaded: the one in view counts.
    await expect(page.getByTestId(testId).filter({ visible: true })).toHaveCount(1);
    const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scroll, path).toBeLessThanOrEqual(client);
  }
});

/** A day in the open date picker: its months turned back or on until the day is in view. */
/** The map helper's trajectory screen: the track drawn, then played. */
async function playTrajectory(page: Page) {
  await expect(page.getByTestId('trajectory-vehicle')).toContainText('浙A8F2C6');
  await page.getByTestId('trajectory-submit').click();
  await expect(page.getByTestId('fleet-map')).toHaveAttribute('data-track-points', /^[1-9]\d*$/);
  await page.getByRole('button', { name: /播放/ }).click();
  await expect(page.getByRole('button', { name: /暂停/ })).toBeVisible();
}
