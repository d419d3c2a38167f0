package io.codemode4j.spring;

import io.codemode4j.bridge.CodeMode;

/**
 * Changes the {@link CodeMode.Builder} the auto-configuration made, after it installed the
 * warehouse's tools, the application's {@code PassListener}s and its {@code ApprovalChannel} bean,
 * and before it builds: a method of the application's own, another limit, another approval channel.
 * Every bean of this type is applied, in {@code @Order} order, as Spring Boot applies its own
 * customizers (e.g. {@code RestClientCustomizer}); an application that wants another {@link
 * CodeMode} altogether defines its own {@code CodeMode} bean instead.
 */
@FunctionalInterface
public interface CodeModeBuilderCustomizer {

  /** Changes {@code builder}; the auto-configuration builds it afterwards. */
  void customize(CodeMode.Builder builder);
}
