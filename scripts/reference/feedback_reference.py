"""Reference numbers for adapters/rank/feedback (tf-idf + logistic regression), from scikit-learn.

Reads test/fixtures/feedback/reference-input.json (written by feedback-reference-input.ts) and writes
test/fixtures/feedback/sklearn-reference.json. Run once in a throwaway virtual environment:
  python3 -m venv /tmp/skl && /tmp/skl/bin/pip install scikit-learn numpy
  /tmp/skl/bin/python scripts/reference/feedback_reference.py
"""
import json
import pathlib

import numpy as np
import scipy.sparse as sp
import sklearn
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression

root = pathlib.Path(__file__).resolve().parents[2]
data = json.loads((root / "test/fixtures/feedback/reference-input.json").read_text())
docs = data["docs"]
vec = TfidfVectorizer(analyzer=lambda tokens: tokens, sublinear_tf=True)
X = vec.fit_transform([d["tokens"] for d in docs])
terms = vec.get_feature_names_out().tolist()
Xi = sp.hstack([X, sp.csr_matrix(np.array([[d["interest"]] for d in docs]))]).tocsr()
y = np.array([1 if d["label"] else 0 for d in docs])

fits = []
for C, balanced in [(1.0, True), (10.0, True), (1.0, False)]:
    lr = LogisticRegression(C=C, class_weight="balanced" if balanced else None, solver="lbfgs", tol=1e-10, max_iter=100000)
    lr.fit(Xi, y)
    fits.append({
        "c": C,
        "balanced": balanced,
        "coef": lr.coef_[0].tolist(),
        "intercept": float(lr.intercept_[0]),
        "decision": lr.decision_function(Xi).tolist(),
    })

out = {
    "produced_by": f"scripts/reference/feedback_reference.py, scikit-learn {sklearn.__version__}, numpy {np.__version__}: "
    "TfidfVectorizer(analyzer=<pre-tokenized>, sublinear_tf=True), an extra dense column (the interest feature), "
    "LogisticRegression(penalty='l2', solver='lbfgs', tol=1e-10)",
    "terms": terms,
    "idf": vec.idf_.tolist(),
    "first_row": {"idx": X[0].indices.tolist(), "val": X[0].data.tolist()},
    "fits": fits,
}
(root / "test/fixtures/feedback/sklearn-reference.json").write_text(json.dumps(out) + "\n")
print(len(terms), "terms;", [f["intercept"] for f in fits])
