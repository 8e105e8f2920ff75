import { BATCH_FILE, ONLINE_MSG } from '@apimarket/contracts';
import { describe, expect, it } from 'vitest';
import { BATCH_ACCEPT, batchFileProblem, resultFileName, templateFileName } from './batch-file';

describe('batch query files', () => {
  it('takes .xlsx and .csv sheets up to the size limit', () => {
    expect(batchFileProblem({ name: '客户名单.xlsx', size: 1000 })).toBe('');
    expect(batchFileProblem({ name: 'LIST.CSV', size: BATCH_FILE.maxBytes })).toBe('');
    expect(batchFileProblem({ name: 'list.csv', size: BATCH_FILE.maxBytes + 1 })).toBe(ONLINE_MSG.fileSize);
    expect(batchFileProblem({ name: 'list.xls', size: 10 })).toBe(ONLINE_MSG.fileType);
    expect(batchFileProblem({ name: 'xlsx', size: 10 })).toBe(ONLINE_MSG.fileType);
    expect(BATCH_ACCEPT).toBe('.xlsx,.csv');
  });

  it('names the downloads after the interface and the uploaded sheet', () => {
    expect(templateFileName('身份证二要素核验')).toBe('批量查询模板-身份证二要素核验.xlsx');
    expect(resultFileName('三月名单.v2.xlsx')).toBe('批量查询结果-三月名单.v2.xlsx');
    expect(resultFileName('名单.csv')).toBe('批量查询结果-名单.xlsx');
    expect(resultFileName('名单')).toBe('批量查询结果-名单.xlsx');
  });
});
