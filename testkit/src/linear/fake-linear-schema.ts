import { buildSchema, type GraphQLSchema } from "graphql";

/**
 * The part of Linear's GraphQL schema that Baton uses, with Linear's own type, field and input
 * names (`packages/sdk/src/schema.graphql`). The fake executes the SDK's documents against it
 * as they are sent; fields a document asks for that are not listed here are left out of the
 * answer, which the SDK's models tolerate (they read them as undefined).
 */
export const FAKE_LINEAR_SDL = /* GraphQL */ `
  scalar DateTime
  scalar JSONObject
  scalar TimelessDate

  type Query {
    viewer: User!
    organization: Organization!
    issue(id: String!): Issue!
    team(id: String!): Team!
    agentSession(id: String!): AgentSession!
  }

  type Mutation {
    issueUpdate(id: String!, input: IssueUpdateInput!): IssuePayload!
    agentActivityCreate(input: AgentActivityCreateInput!): AgentActivityPayload!
    agentSessionUpdate(id: String!, input: AgentSessionUpdateInput!): AgentSessionPayload!
    agentSessionUpdateExternalUrl(id: String!, input: AgentSessionUpdateExternalUrlInput!): AgentSessionPayload!
    attachmentCreate(input: AttachmentCreateInput!): AttachmentPayload!
  }

  type Attachment {
    id: ID!
    title: String!
    subtitle: String
    url: String!
  }

  type AttachmentPayload {
    lastSyncId: Float!
    success: Boolean!
    attachment: Attachment!
  }

  type Organization {
    id: ID!
    name: String!
    urlKey: String!
  }

  type User {
    id: ID!
    name: String!
    displayName: String!
    email: String!
    active: Boolean!
    app: Boolean!
    organization: Organization!
  }

  type Team {
    id: ID!
    key: String!
    name: String!
    states(first: Int, filter: JSONObject): WorkflowStateConnection!
  }

  type WorkflowState {
    id: ID!
    name: String!
    type: String!
    position: Float!
  }

  type WorkflowStateConnection {
    nodes: [WorkflowState!]!
  }

  type Project {
    id: ID!
    name: String!
  }

  type IssueLabel {
    id: ID!
    name: String!
  }

  type IssueLabelConnection {
    nodes: [IssueLabel!]!
  }

  type Comment {
    id: ID!
    body: String!
    createdAt: DateTime!
    user: User
  }

  type CommentConnection {
    nodes: [Comment!]!
  }

  type Issue {
    id: ID!
    identifier: String!
    title: String!
    description: String
    url: String!
    team: Team!
    project: Project
    state: WorkflowState!
    assignee: User
    delegate: User
    labels(first: Int): IssueLabelConnection!
    comments(first: Int, last: Int): CommentConnection!
  }

  type AgentSession {
    id: ID!
    externalLink: String
    issue: Issue
  }

  type AgentActivity {
    id: ID!
  }

  type IssuePayload {
    lastSyncId: Float!
    success: Boolean!
    issue: Issue
  }

  type AgentActivityPayload {
    lastSyncId: Float!
    success: Boolean!
    agentActivity: AgentActivity!
  }

  type AgentSessionPayload {
    lastSyncId: Float!
    success: Boolean!
    agentSession: AgentSession!
  }

  input IssueUpdateInput {
    stateId: String
    delegateId: String
    assigneeId: String
    title: String
    description: String
  }

  enum AgentActivitySignal {
    auth
    continue
    select
    stop
  }

  input AgentActivityCreateInput {
    agentSessionId: String!
    content: JSONObject!
    contextualMetadata: JSONObject
    ephemeral: Boolean
    id: String
    signal: AgentActivitySignal
    signalMetadata: JSONObject
  }

  input AttachmentCreateInput {
    issueId: String!
    title: String!
    url: String!
    subtitle: String
    iconUrl: String
    id: String
    metadata: JSONObject
    groupBySource: Boolean
  }

  input AgentSessionExternalUrlInput {
    label: String!
    url: String!
  }

  input AgentSessionUpdateInput {
    externalLink: String
    externalUrls: [AgentSessionExternalUrlInput!]
    addedExternalUrls: [AgentSessionExternalUrlInput!]
    removedExternalUrls: [String!]
    plan: JSONObject
    summary: String
  }

  input AgentSessionUpdateExternalUrlInput {
    externalLink: String
    externalUrls: [AgentSessionExternalUrlInput!]
    addedExternalUrls: [AgentSessionExternalUrlInput!]
    removedExternalUrls: [String!]
  }
`;

/** Built once: the schema is the same for every fake. */
export const fakeLinearSchema: GraphQLSchema = buildSchema(FAKE_LINEAR_SDL);
