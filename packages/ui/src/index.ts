// The look lives in styles.css; the shell imports it once for the whole page:
// import '@study/ui/styles.css'.
export { Button, ButtonLink, type ButtonProps, type ButtonLinkProps, type ButtonVariant } from './components/Button';
export { Spinner, type SpinnerProps } from './components/Spinner';
export { Notice, type NoticeProps, type NoticeStyle } from './components/Notice';
export { Page, type PageProps } from './components/Page';
export { TextField, type TextFieldProps } from './components/TextField';
export { Checkbox, type CheckboxProps } from './components/Checkbox';
export { EmailAddress, type EmailAddressProps } from './components/EmailAddress';
export { NotFound } from './components/NotFound';
export { ConsentDocument, type ConsentDocumentProps } from './components/ConsentDocument';
export { readStudyConfig, documentTitle, type StudyConfig } from './study-config';
export { ApiError, requestFile, requestJson, NETWORK_ERROR_MESSAGE, UNREADABLE_ANSWER_MESSAGE, type RequestFileOptions, type RequestJsonOptions } from './http';
