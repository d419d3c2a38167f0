package io.codemode4j.warehouse;

import io.codemode4j.bridge.Isolation;

/** The database's adversarial corpus on the in-process executor. */
class HostileQueriesInProcessIT extends HostileQueriesContract {
  HostileQueriesInProcessIT() throws WarehouseException {
    super(Isolation.inProcess());
  }
}
