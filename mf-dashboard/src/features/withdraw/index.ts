export { WithdrawPanel, type WithdrawPanelProps } from './components/WithdrawPanel';
export { WithdrawnPage } from './components/WithdrawnPage';
export { httpWithdrawApi, type WithdrawApi } from './api/withdraw-api';
