package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

class SandboxGlobalsIT {

  @Test
  void names_coverEveryGlobalOfAFreshContext() {
    List<String> actual = new ArrayList<>();
    try (Sandbox sandbox = new Sandbox(); Context context = sandbox.newContext(CodeExecutionLimits.defaults())) {
      Value names = context.eval("js", "Object.getOwnPropertyNames(globalThis)");
      for (long i = 0; i < names.getArraySize(); i++) {
        actual.add(names.getArrayElement(i).asString());
      }
    }
    actual.remove("arguments");
    assertThat(SandboxGlobals.NAMES).containsAll(actual);
  }
}
