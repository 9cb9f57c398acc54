import { mailAddressBody, mailSettingsBody, mailSettingsDto } from '../../../../shared/api/mail.schemas';
import { contract } from '../../contract/route-contract';

/** What the e-mail settings routes take and answer (docs/PRODUCT.md §21). */
export const mailContracts = {
  settings: contract({
    tag: 'Profiles',
    summary: 'Your e-mail notifications',
    description: 'The address e-mail goes to, "Mentions and replies" and the rooms of the "Daily digest".',
    signedIn: true,
    answers: { 200: mailSettingsDto },
    errors: {},
  }),
  update: contract({
    tag: 'Profiles',
    summary: 'Set your e-mail notifications',
    description: '"Mentions and replies" on or off, and the rooms of the daily digest (rooms you are a member of).',
    signedIn: true,
    body: mailSettingsBody,
    answers: { 200: mailSettingsDto },
    errors: { 400: 'A room you are not a member of; more than 50 rooms.' },
  }),
  address: contract({
    tag: 'Profiles',
    summary: 'Set the address e-mail goes to',
    description:
      "A typed address is used once the link e-mailed to it is opened (`pending_address` until then); '' goes back to GitHub's address.",
    signedIn: true,
    body: mailAddressBody,
    answers: { 200: mailSettingsDto },
    errors: { 400: 'Not an e-mail address.' },
  }),
};
