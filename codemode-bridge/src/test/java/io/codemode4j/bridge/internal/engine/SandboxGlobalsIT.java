package io.codemode4j.bridge.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeExecutionLimits;
import java.util.ArrayList;
import java.util.List;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

class SandboxGlobalsIT {

  /**
   * Every global a prepared context has (the built-ins plus the prelude's console) is a name
   * builders may not shadow.
   */
  @Test
  void names_coverEveryGlobalOfAFreshContext() {
    List<String> actual = new ArrayList<>();
    try (Sandbox sandbox = new Sandbox()) {
      CodeExecutionLimits limits = CodeExecutionLimits.defaults();
      PreparedContext prepared =
          sandbox.prepare(limits.maxStackFrames(), "{}", limits.maxResultBytes());
      Value names = prepared.context().eval("js", "Object.getOwnPropertyNames(globalThis)");
      for (long i = 0; i < names.getArraySize(); i++) {
        actual.add(names.getArrayElement(i).asString());
      }
      prepared.close();
    }
    assertThat(SandboxGlobals.NAMES).containsAll(actual);
  }
}
