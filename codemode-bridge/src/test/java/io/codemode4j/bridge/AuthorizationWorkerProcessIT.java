package io.codemode4j.bridge;

class AuthorizationWorkerProcessIT extends AuthorizationContract {
  AuthorizationWorkerProcessIT() {
    super(new Isolation.Process(1, 256));
  }
}
