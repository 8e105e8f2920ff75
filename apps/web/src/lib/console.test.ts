import { areasOf, auditActionLabel } from '@apimarket/contracts';
import { describe, expect, it } from 'vitest';
import { consoleMenu, consolePage } from './console';

describe('console map', () => {
  it('finds the page of a path and of its sub-pages', () => {
    expect(consolePage('/console')?.area).toBe('overview');
    expect(consolePage('/console/recharges')?.area).toBe('recharges');
    expect(consolePage('/console/content/news/12')?.area).toBe('content');
    expect(consolePage('/console/suppliers')?.area).toBe('suppliers');
    expect(consolePage('/console/supplierReport')?.area).toBe('supplierReport');
    expect(consolePage('/console/nowhere')).toBeNull();
    expect(consolePage('/consoles')).toBeNull();
    expect(consolePage('/userCenter')).toBeNull();
  });

  it('builds each role its own menu', () => {
    expect(consoleMenu(areasOf('reviewer')).map((p) => p.title)).toEqual(['工作台', '企业认证审核', '付费测试审批']);
    expect(consoleMenu(areasOf('finance')).map((p) => p.title)).toEqual(['工作台', '充值确认', '退款审核', '在线支付', '发票管理', '账户资金', '供应商报表']);
    expect(consoleMenu(areasOf('sales')).map((p) => p.title)).toEqual(['工作台', '销售线索', '页面访问']);
    expect(consoleMenu(areasOf('editor')).map((p) => p.title)).toEqual(['工作台', '接口与套餐', '供应商与线路', '供应商报表', '内容管理', '页面访问']);
    expect(consoleMenu(areasOf('admin'))).toHaveLength(17);
  });
});

describe('audit action labels', () => {
  it('names every action the server records, and leaves an unknown one to its code', () => {
    expect(auditActionLabel('recharge.confirm')).toBe('确认充值到账');
    expect(auditActionLabel('catalogue.interface.offSale')).toBe('下架接口');
    expect(auditActionLabel('something.new')).toBeNull();
  });
});
