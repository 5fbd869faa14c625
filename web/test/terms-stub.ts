import { defaultTerms, TERMS_KEYS } from '@mall/shared/terms';
import { appConfig } from '../src/lib/app-config.ts';

/** The server's answers for both terms while no operator has changed them (for `stubApi`). */
export const shopTermsAnswers = () =>
  Object.fromEntries(
    TERMS_KEYS.map((key) => [
      `/api/shop/terms/${key}`,
      { key, sections: defaultTerms(key, appConfig.brand), updatedAt: null },
    ]),
  );
