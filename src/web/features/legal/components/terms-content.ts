import type { LegalSection } from './legal-document';

export const termsIntroduction =
  'These terms govern the use of Tokenwise by organisations and the people they authorise. By creating an account or using the service on behalf of an organisation, you confirm that you may accept these terms for it.';

export const termsSections: readonly LegalSection[] = [
  {
    heading: 'The service',
    paragraphs: [
      'Tokenwise provides multi-model AI chat for organisations, routes prompts to a cache or to an AI model chosen to balance quality and cost, and records token usage and cost for billing and administration. Features may change as the service develops; we will not remove a core feature of a paid plan during a paid period without notice.',
    ],
  },
  {
    heading: 'Accounts',
    paragraphs: [
      'Your organisation is responsible for the accounts it creates, for the roles and limits it assigns, and for keeping sign-in details confidential. Tell us at once at security@tokenwise.ai if you believe an account has been compromised.',
    ],
  },
  {
    heading: 'Acceptable use',
    paragraphs: ['You agree not to use the service to:'],
    items: [
      'break the law or infringe the rights of others;',
      'send content that you have no right to process, including personal data without a lawful basis;',
      'attempt to bypass usage limits, security controls or another organisation\u2019s data boundaries;',
      'violate the usage policies of the AI model providers your organisation enables;',
      'resell the service without a written agreement with us.',
    ],
  },
  {
    heading: 'Your content',
    paragraphs: [
      'Your organisation keeps all rights in the prompts it sends and the replies it receives. You give us the limited permission needed to process that content to provide the service. We do not use it to train models. AI replies can be wrong; you remain responsible for checking them before relying on them.',
    ],
  },
  {
    heading: 'Plans, billing and the wallet',
    paragraphs: [
      'Fees are set out on the pricing page or in your order. Usage-based charges are calculated from the token usage we record. Prepaid wallet balances are used for usage charges and, if auto-reload is on, topped up by the amount you choose when the balance falls below your threshold. Unless the law says otherwise, fees already paid are not refundable.',
    ],
  },
  {
    heading: 'Availability and support',
    paragraphs: [
      'We aim to keep the service available at all times but do not promise that it will be uninterrupted. Planned maintenance is announced in advance where possible. AI model providers are outside our control; when one is unavailable we may route to another enabled model.',
    ],
  },
  {
    heading: 'Data protection',
    paragraphs: [
      'Our Privacy Policy describes how we handle personal data. Where we process personal data on your organisation\u2019s behalf, our data processing terms apply and form part of these terms.',
    ],
  },
  {
    heading: 'Liability',
    paragraphs: [
      'Neither party is liable for indirect or consequential loss, or for lost profits. Each party\u2019s total liability under these terms in any twelve months is limited to the fees paid or payable by your organisation in that period. Nothing here limits liability that cannot be limited by law.',
    ],
  },
  {
    heading: 'Ending the agreement',
    paragraphs: [
      'Your organisation may stop using the service at any time. We may suspend or end access for a serious breach of these terms. After the agreement ends, you can export your data for 30 days; after that we delete it, except where the law requires us to keep it.',
    ],
  },
  {
    heading: 'Changes and governing law',
    paragraphs: [
      'We may update these terms and will give at least 30 days\u2019 notice of material changes. These terms are governed by the laws of the country in which Tokenwise is established, and its courts have jurisdiction, unless mandatory law provides otherwise.',
    ],
  },
];
