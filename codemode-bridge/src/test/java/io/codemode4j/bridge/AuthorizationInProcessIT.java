package io.codemode4j.bridge;

class AuthorizationInProcessIT extends AuthorizationContract {
  AuthorizationInProcessIT() {
    super(Isolation.inProcess());
  }
}
