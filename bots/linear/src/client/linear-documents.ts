/**
 * Baton's own read queries: one round trip each, where the SDK's models would fetch every
 * relation (team, states, labels, comments) with a request of its own.
 */
export const ISSUE_CONTEXT_QUERY = /* GraphQL */ `
  query batonIssueContext($id: String!, $comments: Int!) {
    issue(id: $id) {
      id
      identifier
      title
      description
      url
      state { id type }
      delegate { id }
      project { name }
      labels(first: 50) { nodes { name } }
      comments(last: $comments) { nodes { body } }
      team {
        id
        key
        name
        states(first: 50) { nodes { id name type position } }
      }
    }
  }
`;

/** Who the issue is assigned to now: asked when someone other than a session's creator writes in it. */
export const ISSUE_ASSIGNEE_QUERY = /* GraphQL */ `
  query batonIssueAssignee($id: String!) {
    issue(id: $id) {
      id
      assignee { id }
    }
  }
`;

export const VIEWER_QUERY = /* GraphQL */ `
  query batonViewer {
    viewer {
      id
      name
      app
      organization { id name urlKey }
    }
  }
`;
