package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CodeModeSmokeIT {
  @Test
  void run_simplePrograms_work() {
    TestTools tools = new TestTools();
    try (CodeMode cm = tools.codeMode().build()) {
      PassOutcome one = cm.run("async () => 1", TestTools.run());
      System.out.println(one);
      PassOutcome two = cm.run("async () => { const [a, b] = await Promise.all([t.echo({value: 1}), t.echo({value: 'x', sleepMs: 20})]); console.log('got', a, b); return {a, b}; }", TestTools.run());
      System.out.println(two);
      System.out.println(two.egress().json());
      PassOutcome three = cm.run("async () => { await t.fail({kind: 'refused', message: 'nope'}); }", TestTools.run());
      System.out.println(three);
      System.out.println(cm.tool().description());
      assertThat(one.ok()).isTrue();
    }
  }
}
