package io.codemode4j.spring;

import io.codemode4j.bridge.Principal;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.model.ToolContext;

/**
 * Who one tool call acts for, from the call's Spring AI {@link ToolContext}: a BI backend passes
 * its signed-in user's principal with {@code chatClient.prompt().toolContext(Map.of(
 * CodeModePrincipals.CONTEXT_KEY, principal))}. Define a bean of this type to derive it otherwise
 * (from Spring Security's context, say).
 */
@FunctionalInterface
public interface CodeModePrincipals {

  /** The {@link ToolContext} key whose value, a {@link Principal}, a call acts for. */
  String CONTEXT_KEY = "codemode.principal";

  /**
   * The principal of a call with {@code context}, or, with a null context, the one whose view the
   * tools' descriptions show.
   */
  Principal principalFor(@Nullable ToolContext context);

  /**
   * The context's {@link #CONTEXT_KEY} entry when it is a {@link Principal}, else {@code fallback}
   * ({@code codemode.principal.*}).
   *
   * @throws IllegalArgumentException when the entry is there but not a {@link Principal}: a call
   *     must not silently act for the fallback when the application meant someone else
   */
  static CodeModePrincipals fromContextOr(Principal fallback) {
    return context -> {
      Map<String, Object> entries = context == null ? Map.of() : context.getContext();
      Object named = entries.get(CONTEXT_KEY);
      if (named == null) {
        return fallback;
      }
      if (named instanceof Principal principal) {
        return principal;
      }
      throw new IllegalArgumentException(
          "the ToolContext entry "
              + CONTEXT_KEY
              + " must be an io.codemode4j.bridge.Principal, was a "
              + named.getClass().getName()
              + ": pass Principal.ofTenant(id, tenantKeys)");
    };
  }
}
