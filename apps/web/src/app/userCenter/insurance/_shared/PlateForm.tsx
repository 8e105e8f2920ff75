'use client';
// The plate and its colour, by 车辆运力's rules (the contract's PlateNumber and plateColorProblem):
// what a person types (浙a 8f2c6) becomes the plate sent (浙A8F2C6), and a colour that cannot go
// with the plate is said before anything is charged.
import type { ScoreVehicleInput } from '@apimarket/contracts';
import { Button, Form, Grid, Input, Select } from 'antd';
import { colorRules, normalizePlate, plateRules } from '../../transportation/vehicleManage/_components/subscribe-form';
import { PLATE_COLOR_OPTIONS } from '../../transportation/_shared/vehicle-words';
import styles from './insurance.module.css';

interface Values {
  plateNumber?: string;
  plateColor?: number;
}

export function PlateForm({
  onSubmit,
  pending,
  disabled,
  defaultColor,
  submitText,
  testId,
}: {
  onSubmit: (v: ScoreVehicleInput) => void;
  pending: boolean;
  disabled: boolean;
  defaultColor: number;
  submitText: string;
  testId: string;
}) {
  const [form] = Form.useForm<Values>();
  const wide = Grid.useBreakpoint().sm !== false;
  return (
    <Form<Values>
      form={form}
      name={testId}
      layout={wide ? 'inline' : 'vertical'}
      initialValues={{ plateColor: defaultColor }}
      requiredMark={false}
      className={styles.plateForm}
      onFinish={(v) => {
        if (v.plateNumber && v.plateColor !== undefined) onSubmit({ plateNumber: v.plateNumber, plateColor: v.plateColor });
      }}
    >
      <Form.Item name="plateNumber" label="车牌号" rules={plateRules} normalize={normalizePlate} validateFirst className={styles.plateField}>
        <Input placeholder="如 浙A8F2C6" maxLength={10} autoComplete="off" spellCheck={false} data-testid={`${testId}-plate`} />
      </Form.Item>
      <Form.Item name="plateColor" label="车牌颜色" rules={colorRules} dependencies={['plateNumber']} className={styles.colorField}>
        <Select options={PLATE_COLOR_OPTIONS} placeholder="请选择" data-testid={`${testId}-color`} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={pending} disabled={disabled} data-testid={`${testId}-submit`}>
          {submitText}
        </Button>
      </Form.Item>
    </Form>
  );
}
