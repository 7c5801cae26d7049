package io.browserflow.formats;

import io.browserflow.api.Credential;
import io.browserflow.api.Input;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.TabAlias;
import io.browserflow.formats.BrowserctlDocument.Command;
import io.browserflow.formats.BrowserctlDocument.CredentialSpec;
import io.browserflow.formats.BrowserctlDocument.InputSpec;
import java.util.List;
import java.util.Locale;

/**
 * The head of an exported browserctl document: metadata, description, credentials and business
 * inputs, the flow-level fields browserctl has no place for (each an info), and the {@code tab}
 * command naming the first tab when a later step returns to it.
 */
final class BrowserctlExportHeader {
  private final BrowserctlExportState st;

  BrowserctlExportHeader(BrowserctlExportState st) {
    this.st = st;
  }

  void header() {
    st.doc.name = st.flow.id();
    if (!st.flow.name().equals(st.flow.id())) {
      if (st.secretAt("name")) {
        st.issues.warning(ConversionCode.SENSITIVE_VALUE, "name", "the flow name holds a literal secret and was left out");
      } else {
        st.doc.title = st.flow.name();
      }
    }
    st.flow.meta().ifPresent(m -> {
      st.doc.source = m.source().orElse(null);
      st.doc.createdAt = m.createdAt().orElse(null);
      st.doc.recorderVersion = m.recorderVersion().orElse(null);
    });
    st.flow.description().ifPresent(d -> {
      if (st.secretAt("description")) {
        st.issues.warning(ConversionCode.SENSITIVE_VALUE, "description", "the description holds a literal secret and was left out");
      } else {
        st.doc.description = d;
      }
    });
    for (int i = 0; i < st.flow.credentials().size(); i++) {
      Credential c = st.flow.credentials().get(i);
      CredentialSpec s = new CredentialSpec();
      s.key = c.key();
      s.label = c.label().orElse(null);
      s.type = c.type().name().toLowerCase(Locale.ROOT);
      s.required = c.required();
      s.secret = c.secret();
      s.path = "credentials[" + i + "]";
      st.doc.credentials.add(s);
    }
    for (int i = 0; i < st.flow.inputs().size(); i++) {
      input(st.flow.inputs().get(i), "inputs[" + i + "]");
    }
    if (!st.flow.tags().isEmpty()) {
      st.issues.info(ConversionCode.FIELD_DROPPED, "tags", "browserctl-flow has no tags; they were left out");
    }
    for (int i = 0; i < st.flow.tabs().size(); i++) {
      TabAlias t = st.flow.tabs().get(i);
      if (t.url().isPresent() || t.opener().isPresent()) {
        st.issues.info(ConversionCode.FIELD_DROPPED, "tabs[" + i + "]", "the url and opener of tab alias " + t.alias()
            + " were left out; tab commands carry the tabs");
      }
    }
    if (st.flow.table().isPresent()) {
      st.issues.info(ConversionCode.FIELD_DROPPED, "table", "browserctl-flow has no data table; it was left out");
    }
    st.flow.policy().ifPresent(p -> {
      if (!p.allowedOrigins().isEmpty() || !p.capabilities().isEmpty()) {
        st.issues.info(ConversionCode.FIELD_DROPPED, "policy", "browserctl-flow has no policy; allowed origins and capabilities were left out");
      }
    });
    if (st.flow.schedule().isPresent()) {
      st.issues.info(ConversionCode.FIELD_DROPPED, "schedule", "browserctl-flow has no schedule; it was left out");
    }
  }

  private void input(Input in, String path) {
    InputSpec s = new InputSpec();
    s.key = in.key();
    s.label = in.label().orElse(null);
    s.type = in.type() == Input.Type.URL ? "text" : in.type().name().toLowerCase(Locale.ROOT);
    if (in.type() == Input.Type.URL) {
      st.issues.info(ConversionCode.TYPE_CHANGED, path + ".type", "browserctl inputs have no url type; input " + in.key() + " is written as text");
    }
    s.required = in.required();
    if (in.defaultValue().isPresent()) {
      if (st.secretAt(path + ".default")) {
        st.issues.warning(ConversionCode.SENSITIVE_VALUE, path + ".default", "the default of input " + in.key()
            + " holds a literal secret and was left out");
      } else {
        s.defaultValue = in.defaultValue().get();
      }
    }
    boolean secretOption = false;
    for (int k = 0; k < in.options().size(); k++) {
      secretOption |= st.secretAt(path + ".options[" + k + "]");
    }
    if (secretOption) {
      st.issues.warning(ConversionCode.SENSITIVE_VALUE, path + ".options", "the options of input " + in.key()
          + " hold a literal secret and were left out");
    } else {
      s.options.addAll(in.options());
    }
    if (in.pattern().isPresent()) {
      st.issues.info(ConversionCode.FIELD_DROPPED, path + ".pattern", "browserctl inputs have no pattern; the pattern of input " + in.key()
          + " was left out");
    }
    s.path = path;
    st.doc.inputs.add(s);
  }

  /** {@code tab} with capture automationTabId names the first tab when a step returns to it. */
  void mainTab() {
    boolean used = false;
    for (Step s : st.flow.steps()) {
      if (s.accept(NAMES_MAIN)) {
        used = !s.disabled() || used;
      }
    }
    if (!used) {
      return;
    }
    String var = st.tabVar("main");
    Command c = new Command(List.of("tab"));
    c.capture.put("automationTabId", var);
    c.id = st.uniqueId("tab-main");
    c.description = "name the first tab " + var + " for the tab commands returning to it";
    st.doc.commands.add(c);
    st.tabRefs.put("main", "${" + var + "}");
  }

  /** Whether a step names the first tab by its alias {@code main}. */
  private static final StepVisitor<Boolean> NAMES_MAIN = new StepFamilyVisitor<>() {
    @Override
    public Boolean visitOpen(PageStep.Open o) {
      return o.tab().filter("main"::equals).isPresent();
    }

    @Override
    public Boolean visitTabSwitch(PageStep.TabSwitch t) {
      return t.alias().equals("main");
    }

    @Override
    public Boolean visitTabClose(PageStep.TabClose t) {
      return t.alias().filter("main"::equals).isPresent();
    }

    // no tab alias, or one only opened here (tabNew, click newTab)
    @Override public Boolean visitStep(Step step) { return false; }
  };
}
