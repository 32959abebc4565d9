import type { LegalSection } from './legal-document';

export const privacyIntroduction =
  'This policy explains what personal data Tokenwise processes when your organisation uses our AI routing and chat service, why we process it, and the rights you have. We wrote it to be read, not just to be signed.';

export const privacySections: readonly LegalSection[] = [
  {
    heading: 'Who is responsible',
    paragraphs: [
      'For account data of the people who sign up and administer an organisation, Tokenwise is the controller. For the prompts, replies and other content your organisation puts into the service, your organisation is the controller and Tokenwise processes that content on its behalf under our data processing terms.',
      'Questions about this policy or your data can be sent to privacy@tokenwise.ai.',
    ],
  },
  {
    heading: 'What we collect',
    paragraphs: ['We collect only what we need to run the service:'],
    items: [
      'Account data: username, e-mail address, organisation name, role, and optional first name, last name and phone number.',
      'Security data: a salted hash of your password (never the password itself), two-factor settings and sign-in events.',
      'Content: the prompts you send, the replies you receive, session titles and feedback you give on replies.',
      'Usage data: tokens used, cost, the model that answered and timestamps, per user and per model.',
      'Technical data: IP address, browser type and request identifiers in our server logs.',
    ],
  },
  {
    heading: 'Why we use it and on what legal basis',
    paragraphs: [
      'We process account, content and usage data to provide the service under our contract with your organisation (GDPR Art. 6(1)(b)). We process security and technical data to keep the service safe and to investigate abuse, which is our legitimate interest (Art. 6(1)(f)). Where we ask for consent, for example when you activate an account, you can withdraw it at any time without affecting earlier processing.',
      'We do not sell personal data and we do not use your organisation\u2019s content to train AI models.',
    ],
  },
  {
    heading: 'Who we share it with',
    paragraphs: [
      'Prompts are sent to the AI model providers your organisation has enabled, only to produce a reply. We also use hosting and e-mail providers. Each of them acts as our processor under a written agreement. We disclose data to authorities only where the law requires it.',
      'Where data leaves the European Economic Area, we rely on an adequacy decision or the European Commission\u2019s standard contractual clauses.',
    ],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [
      'Account data is kept while the account exists. Conversations are kept until you or your organisation delete them, or for the retention period your organisation sets. Usage records are kept as long as needed for billing and accounting obligations. Server logs are deleted after 30 days.',
    ],
  },
  {
    heading: 'Your rights',
    paragraphs: ['Under the GDPR you have the right to:'],
    items: [
      'access the personal data we hold about you and receive a copy of it;',
      'have inaccurate data corrected and, where the conditions are met, erased;',
      'restrict or object to processing based on legitimate interest;',
      'receive your data in a portable format;',
      'lodge a complaint with your local data protection authority.',
    ],
  },
  {
    heading: 'Security',
    paragraphs: [
      'Data is encrypted in transit. Passwords are stored as strong one-way hashes, sessions use short-lived tokens, and two-factor authentication is available for every account. Access inside Tokenwise is limited to staff who need it.',
    ],
  },
  {
    heading: 'Cookies and local storage',
    paragraphs: [
      'We do not use advertising or tracking cookies. The app stores your session tokens and display preferences (such as light or dark mode) in your browser\u2019s local storage so you stay signed in and see the app the way you chose.',
    ],
  },
  {
    heading: 'Changes to this policy',
    paragraphs: [
      'When we change this policy in a way that matters, we will tell account holders by e-mail or in the app before the change takes effect.',
    ],
  },
];
