/**
 * @generated SignedSource<<8f6c57b5139bcef18216f56302bd0164>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import type { ConcreteRequest } from 'relay-runtime';
import type { FragmentRefs } from "relay-runtime";
export type ProjectHeaderQuery$variables = {
  projectId: string;
};
export type ProjectHeaderQuery$data = {
  readonly project: {
    readonly " $fragmentSpreads": FragmentRefs<"ProjectHeader_project">;
  } | null | undefined;
};
export type ProjectHeaderQuery = {
  response: ProjectHeaderQuery$data;
  variables: ProjectHeaderQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "projectId"
  }
],
v1 = [
  {
    "kind": "Variable",
    "name": "id",
    "variableName": "projectId"
  }
];
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "ProjectHeaderQuery",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": "Project",
        "kind": "LinkedField",
        "name": "project",
        "plural": false,
        "selections": [
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "ProjectHeader_project"
          }
        ],
        "storageKey": null
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "ProjectHeaderQuery",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": "Project",
        "kind": "LinkedField",
        "name": "project",
        "plural": false,
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "name",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "timezone",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "id",
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "5ee4e585526b9161b231fdee6d568d80",
    "id": null,
    "metadata": {},
    "name": "ProjectHeaderQuery",
    "operationKind": "query",
    "text": "query ProjectHeaderQuery(\n  $projectId: ID!\n) {\n  project(id: $projectId) {\n    ...ProjectHeader_project\n    id\n  }\n}\n\nfragment ProjectHeader_project on Project {\n  name\n  timezone\n}\n"
  }
};
})();

(node as any).hash = "cad7260ad37701d88eb87b59f0c4def3";

export default node;
