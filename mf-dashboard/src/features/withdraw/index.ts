export { WithdrawPanel, type WithdrawPanelProps } from './components/WithdrawPanel';
export { WithdrawnPage } from './components/WithdrawnPage';
