package io.browserflow.testkit;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;
import javax.xml.xpath.XPathFactoryConfigurationException;
import org.jsoup.helper.W3CDom;
import org.jsoup.nodes.Element;
import org.w3c.dom.NodeList;

/**
 * XPath 1.0 as the JDK evaluates it ({@code javax.xml.xpath}) over jsoup's W3C DOM of one tree, the
 * results mapped back to jsoup elements. Xpath never pierces shadow roots (they are not in the tree it
 * sees); within a shadow root (a target's shadow path) a path starting with a single {@code /} starts at
 * the shadow root, as in Playwright. Nodes that are not elements (text, attributes) are not matches; an
 * expression that is not valid XPath 1.0 or does not select nodes gives {@code UNSUPPORTED_STEP}.
 */
record XPathQuery(String source, String expression) {
  static XPathQuery parse(String xpath) {
    String expression = xpath.trim();
    try {
      newXPath().compile(expression);
    } catch (XPathExpressionException e) {
      throw unsupported(xpath, "an expression that is not valid XPath 1.0" + reason(e));
    }
    return new XPathQuery(xpath, expression);
  }

  /** Elements selected from {@code scope} (a document, a shadow root container or an element), in document order. */
  List<Element> evaluate(Element scope) {
    W3CDom w3c = new W3CDom().namespaceAware(false);
    org.w3c.dom.Document dom = w3c.fromJsoup(scope);
    boolean inShadow = ShadowRoot.ofContainer(scope) != null;
    org.w3c.dom.Node context = scope instanceof org.jsoup.nodes.Document ? dom : w3c.contextNode(dom);
    // the shadow root's container is the W3C document element: a path from the root starts below it
    String expr = inShadow && expression.startsWith("/") && !expression.startsWith("//") ? "/*" + expression
        : expression;
    NodeList nodes;
    try {
      nodes = (NodeList) newXPath().compile(expr).evaluate(context, XPathConstants.NODESET);
    } catch (XPathExpressionException e) {
      throw unsupported(source, "an expression that does not select nodes" + reason(e));
    }
    List<Element> out = new ArrayList<>();
    for (Element e : w3c.sourceNodes(nodes, Element.class)) {
      if (!(inShadow && e == scope)) {
        out.add(e);
      }
    }
    return out;
  }

  private static XPath newXPath() {
    XPathFactory factory = XPathFactory.newInstance();
    try {
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    } catch (XPathFactoryConfigurationException e) {
      throw new IllegalStateException("the JDK's XPath factory refuses secure processing", e);
    }
    return factory.newXPath();
  }

  private static String reason(XPathExpressionException e) {
    Throwable cause = e.getCause() != null ? e.getCause() : e;
    return cause.getMessage() == null ? "" : " (" + cause.getMessage() + ")";
  }

  @Override
  public String toString() {
    return source;
  }

  private static FlowRunException unsupported(String xpath, String what) {
    return new FlowRunException(ErrorCode.UNSUPPORTED_STEP,
        "xpath \"" + xpath + "\" uses " + what + ", which the in-memory driver does not support",
        Map.of(FlowException.Details.SELECTOR, xpath, FlowException.Details.SYNTAX, what));
  }
}
