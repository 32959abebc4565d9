/** How a refused provider address is named to the organisation admin who entered it. */
const addressClassWords: Record<string, string> = {
  unspecified: 'an unspecified address',
  loopback: 'a loopback address',
  private: 'a private network address',
  'link-local': 'a link-local address',
  shared: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
};

/**
 * Texts the product spec fixes. Server answers and web screens both take them from here,
 * so a wording change happens in one place.
 */
export const messages = {
  generic: 'Oops, something went wrong',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  emailRequired: 'Email is required',
  organizationNameRequired: 'Organization name is required',
  tokenRequired: 'Token is required',
  newPasswordRequired: 'New password is required',
  userIdRequired: 'User ID is required',
  roleIdRequired: 'Role ID is required',
  currentPasswordRequired: 'Current password is required',
  secretRequired: 'Secret is required',
  invalidEmail: 'Please enter a valid email address.',
  weakPassword: 'Please use a stronger password (at least 8 characters with letters and numbers).',
  passwordTooShort: 'Password must be at least 8 characters long.',
  gdprConsentRequired: 'You must agree to the Privacy Policy and Terms of Service.',
  usernameTaken: 'Username already exists',
  emailTaken: 'Email already in use',
  invalidCredentials: 'Invalid username or password',
  tooManyLoginAttempts: 'Too many login attempts. Please try again later',
  // Not in the spec; worded like its login text. The web app shows a 429's message as it is.
  tooManySignups: 'Too many sign-ups from this address. Please try again later',
  tooManyResetRequests: 'Too many password reset requests from this address. Please try again later',
  twoFactorRequired: 'Two-factor authentication code required',
  invalidTwoFactorCode: 'Invalid two-factor authentication code',
  invalidRecoveryCode: 'Invalid or already used recovery code',
  tooManyTwoFactorAttempts: 'Too many two-factor authentication attempts. Please try again later',
  twoFactorNotEnabled: 'Two-factor authentication is not enabled.',
  loginFailed: 'Login failed. Please try again',
  signupFailed: 'Signup failed. Please try again',
  invalidSignup: 'Invalid signup information',
  fillAllFields: 'Please fill in all fields.',
  enterUsernameAndPassword: 'Please enter both username and password.',
  noTokenReceived: 'No token received from server',
  failedToFetchProfile: 'Failed to fetch profile',
  noAuthToken: 'No authentication token found',
  failedToRefresh: 'Failed to refresh token',
  noRefreshToken: 'No refresh token available',
  sessionExpired: 'Your session has expired. Please sign in again.',
  invalidOrExpiredToken: 'The token may have expired or is invalid.',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordsDoNotMatch: 'Passwords do not match.',
  accountNotActive: 'Your account is not active yet. Please follow the link in your email.',
  verifyFailed: 'Failed to verify your email. The token may have expired or is invalid.',
  verifyError: 'An error occurred during verification. Please try again or contact support.',
  verifySuccess: 'Email verification successful! An activation email has been sent to your inbox.',
  verifySuccessSignedUp: 'Email verification successful! Your email address is confirmed.',
  missingVerifyToken: 'Missing verification token. Please check your email link.',
  emailAlreadyVerified: 'Your email address is already verified.',
  tooManyVerificationEmails: 'Too many verification emails for this address. Please try again later',
  activateFailed: 'Failed to activate your account. The token may be expired or invalid.',
  activateError: 'An error occurred during account activation',
  missingActivationToken: 'Missing activation token. Please check your email link.',
  resetFailed: 'Failed to reset your password. The token may be expired or invalid.',
  resetError: 'An error occurred during password reset',
  missingResetToken: 'Missing reset token. Please check your email link.',
  resetRequested: 'If an account exists for that email, a reset link has been sent.',
  permissionDeniedToast: 'You do not have permission to access this section.',
  accessDenied:
    "You don't have the required permissions to access this section. Please contact your administrator if you believe this is an error.",
  notFound: 'Not found',
  forbidden: 'You do not have permission to do this.',
  unauthorized: 'Authentication required',
  malformedJson: 'Malformed JSON in request body',
  payloadTooLarge: 'Request body is too large',
  internal: 'Internal server error',
  organizationIdRequired: 'Organization ID is required',
  promptRequired: 'Prompt is required',
  messageIdRequired: 'Message ID is required',
  sessionIdRequired: 'Session ID is required',
  modelRequired: 'Model is required',
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  noModelAccess: 'You do not have access to this model.',
  noModelAvailable: 'No model is available to you. Ask your administrator for access.',
  messageTooLong: (limit: number) => `Message exceeds maximum allowed tokens (${limit})`,
  sessionNotFound: 'Chat session not found',
  // The web app recognises 'token limit exceeded' and 'cost limit exceeded' in these (spec section 8).
  monthlyTokenLimitExceeded: 'Monthly token limit exceeded for this model.',
  monthlyCostLimitExceeded: 'Monthly cost limit exceeded for this model.',
  modelNotFound: 'Model not found',
  selectionIdRequired: 'Selection ID is required',
  providerKeyIncomplete: 'An API key is required (a base URL for an OpenAI-compatible server)',
  providerUrlNotPublic: (address: string, addressClass: string) =>
    `Base URL must lead to a public address; it leads to ${address}, ${addressClassWords[addressClass] ?? 'a non-public address'}`,
  providerUrlUnresolvable: 'Base URL host could not be resolved',
  providerAddressRefused:
    "The provider's base URL leads to an address this server may not connect to. An administrator can change it.",
  feedbackRequired: 'Feedback is required',
  feedbackAlreadyGiven: 'Feedback has already been given for this reply.',
  feedbackNotFound: 'Feedback not found',
  invalidPeriod: "Period must look like '30d'",
  startAfterEnd: 'The start date must not be after the end date',
  invalidMonth: 'Month must look like YYYY-MM',
  tokenCountRequired: 'Token count is required',
  modelIdRequired: 'Model ID is required',
  messageNotFound: 'Message not found',
  versionNotFound: 'This message has no such version',
  feedbackIdRequired: 'Feedback ID is required',
  bodyNotAnObject: 'The request body must be a JSON object.',
  malformedPath: 'The request path has malformed percent-encoding.',
  unsupportedMediaType: 'Send the request body as JSON (Content-Type: application/json).',
  emailNotChangeable: 'Your email address cannot be changed here: it is your sign-in and recovery address.',
  upstreamFailed: 'The model provider failed to answer. Please try again.',
  upstreamBusy: 'The model is busy. Please try again shortly.',
  serverDraining: 'This server is restarting. Please try again in a moment.',
  upstreamTimedOut: 'The model did not start answering in time. Please try again or try another model.',
  callRoomTooSmall: 'Too little is left of your monthly limits or the wallet for this request.',
  upstreamStalled: 'The model stopped answering partway through. Please try again or try another model.',
  // Administration (spec section 5); the texts past the spec's are worded like them.
  roleNameRequired: 'Role name is required',
  nameRequired: 'Name is required',
  contactEmailRequired: 'Contact email is required',
  emailInvalid: 'Email is invalid',
  createUserPasswordTooShort: 'Password must be at least 8 characters',
  invitedChoosePassword:
    'An invited person chooses their own password: leave the password out when sending an invitation.',
  alreadyJoined: 'This person has already joined: there is no invitation to send again.',
  roleNotFound: 'Role not found',
  userNotFound: 'User not found',
  organizationNotFound: 'Organization not found',
  roleNameTaken: (name: string) => `A role named '${name}' already exists in this organization.`,
  roleInUse: (holders: number) =>
    `This role is held by ${holders} ${holders === 1 ? 'user' : 'users'}. Give ${holders === 1 ? 'them' : 'each of them'} another role before deleting it.`,
  adminRoleNotDeletable: 'The Admin role cannot be deleted: it is what gives administrators their access.',
  adminRoleMustStayAdmin: 'The Admin role must keep the admin scope: it is what gives administrators their access.',
  onlyAdministratorsSetScopes: "Only administrators can change a role's scopes or unlimited use.",
  lastAdministrator:
    'An organization must keep at least one active administrator. Make someone else an administrator first.',
  cannotRemoveYourself: 'You cannot remove yourself from the organization.',
  onlyAdministratorsAssignRole: 'Only an administrator can give or take away this role.',
  unknownModel: (modelId: string) =>
    `Unknown model '${modelId}'. Use a model ID from the catalog, such as openai/gpt-4o-mini.`,
  organizationMismatch: 'Organization ID must be your own organization.',
  auditDisabled:
    'The audit log is turned off for this organization. Turn on enable_audit in the organization settings to read it.',
} as const;

/** A conversation export link that was altered, has expired (after 5 minutes) or is malformed. */
export const exportLinkRefused = 'This download link is invalid or has expired. Export the conversation again.';

/**
 * Spec section 8 (Chat): a failed send is recognised by a phrase in the server's message and
 * shown with the spec's text. The server's messages for these cases contain the phrases
 * (`messages.monthlyTokenLimitExceeded`, `messages.monthlyCostLimitExceeded`,
 * `modelAccessDeniedMessage`), and the web app matches them with `sendFailureText`.
 */
export const sendFailures = {
  tokenLimit: { phrase: 'token limit exceeded', text: 'You have exceeded your monthly token limit for this model.' },
  costLimit: { phrase: 'cost limit exceeded', text: 'You have exceeded your monthly cost limit for this model.' },
  accessDenied: { phrase: 'Model access denied', text: 'You do not have permission to use this model.' },
} as const;
export const sendFailureGenericText = 'Failed to send message. Please try again.';

/** The 403 for sending to (or regenerating with) a model the caller may not use. */
export const modelAccessDeniedMessage = `${sendFailures.accessDenied.phrase}. ${messages.noModelAccess}`;

/** The spec's text for a failed send whose server message is `serverMessage` (matched ignoring case). */
export function sendFailureText(serverMessage: string | undefined): string {
  const text = (serverMessage ?? '').toLowerCase();
  const match = Object.values(sendFailures).find((failure) => text.includes(failure.phrase.toLowerCase()));
  return match?.text ?? sendFailureGenericText;
}
