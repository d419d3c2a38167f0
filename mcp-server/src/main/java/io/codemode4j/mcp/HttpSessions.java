package io.codemode4j.mcp;

/**
 * Whether the Streamable HTTP server keeps sessions.
 *
 * <p>Decided: stateless is the default because it scales out (any instance answers any POST) and
 * needs nothing of a load balancer; kept sessions are the opt-in for what only a session can carry,
 * a request of the server's own during a call ({@code elicitation/create}, so that a person
 * approves a write), at the price of pinning each client to the instance that holds its session.
 */
public enum HttpSessions {
  /**
   * No session: each POST of one JSON-RPC message stands alone; GET and DELETE are refused; a call
   * that needs a person's approval is denied, since the client cannot be asked.
   */
  STATELESS,
  /**
   * Sessions kept in this instance, one per {@code initialize} ({@code Mcp-Session-Id}): a GET
   * stream, DELETE to end one, and the client's user asked by elicitation during a call. Behind a
   * load balancer, route each session to the instance that started it (sticky sessions).
   */
  KEPT
}
