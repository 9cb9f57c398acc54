// The message formatting lives in shared/ (the server's archive pages render it too).
export * from '../../shared/message-format';
