// The antd theme, from the same tokens the public pages use.
import type { ThemeConfig } from 'antd';
import { tokens } from './tokens';

export const antdTheme: ThemeConfig = {
  token: {
    colorPrimary: tokens.color.primary,
    colorSuccess: tokens.color.success,
    colorWarning: tokens.color.warning,
    colorError: tokens.color.danger,
    colorText: tokens.color.text,
    colorTextSecondary: tokens.color.textSecondary,
    colorBorder: tokens.color.border,
    colorBgLayout: tokens.color.bgLayout,
    borderRadius: tokens.radius.md,
    borderRadiusLG: tokens.radius.lg,
    fontFamily: tokens.font.family,
    fontSize: tokens.font.size.base,
  },
};
