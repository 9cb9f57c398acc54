// The message grammar lives in shared/ (the server's archive pages render it too).
export * from '../../shared/message-tokens';
