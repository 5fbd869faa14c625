/** The shapes of the operators' own calls live in the shared contract; the server adds its tags. */
export {
  operatorNameSchema,
  operatorPasswordSchema,
  operatorSchema,
  roleSchema,
} from '@mall/shared/contract/admin/operator';

export const tags = ['back office'];
