// What a failed connection means, in words a cashier reads on the Sync screen and in
// Settings. The system's code (ECONNRESET…) is for whoever reads the log: it is logged and
// kept in the stored error code, never put in front of a cashier.

const WORDS: Record<string, string> = {
  ECONNRESET: 'the connection was cut',
  EPIPE: 'the connection was cut',
  ECONNABORTED: 'the connection was cut',
  UND_ERR_SOCKET: 'the connection was cut',
  ECONNREFUSED: 'the platform refused the connection',
  ENOTFOUND: "the platform's address could not be found",
  EAI_AGAIN: "the platform's address could not be looked up (is the internet working?)",
  ETIMEDOUT: 'no answer in time',
  UND_ERR_CONNECT_TIMEOUT: 'no answer in time',
  ENETUNREACH: 'this till is not connected to a network',
  ENETDOWN: 'this till is not connected to a network',
  EHOSTUNREACH: 'the platform cannot be reached from this network',
  EHOSTDOWN: 'the platform cannot be reached from this network',
  CERT_HAS_EXPIRED: "the platform's security certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the platform's security certificate is not trusted",
  SELF_SIGNED_CERT_IN_CHAIN: "the platform's security certificate is not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the platform's security certificate is not trusted",
  ERR_TLS_CERT_ALTNAME_INVALID: "the platform's security certificate is for another address",
};

/** "the connection was cut": what a network failure with this code means for a person. */
export function networkWords(code: string): string {
  return WORDS[code] ?? 'the connection to the platform failed';
}
