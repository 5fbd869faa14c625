import { randomBytes } from 'node:crypto';
import { operatorPasswordSchema } from '../modules/admin/index.ts';

/**
 * The password an operator command sets (operator:create, operator:reset): OPERATOR_PASSWORD, or
 * one generated here, which the command prints once (`generated`). A password outside the
 * operators' rule ends the command with exit code 2.
 */
export const operatorPasswordFromEnv = (): { password: string; generated: boolean } => {
  const given = process.env.OPERATOR_PASSWORD;
  const password = given ?? randomBytes(12).toString('base64url');
  if (!operatorPasswordSchema.safeParse(password).success) {
    console.error('OPERATOR_PASSWORD must be 10 to 128 characters');
    process.exit(2);
  }
  return { password, generated: given === undefined };
};
