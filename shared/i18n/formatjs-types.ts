import type { MessageId } from './catalogues.ts';

/**
 * react-intl's and @formatjs/intl's message ids are the catalogues' keys: a mistyped or missing key
 * is a type error (https://formatjs.github.io/docs/react-intl/api#typing-message-ids-and-locale).
 */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
