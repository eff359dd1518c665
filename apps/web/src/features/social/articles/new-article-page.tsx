import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../../shared/api/api-error';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { useCreateArticleMutation } from './articles-api';

/** /community/articles/new: starts a draft and opens it in the editor. */
export function NewArticlePage() {
  const navigate = useNavigate();
  const [create, state] = useCreateArticleMutation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void create({})
      .unwrap()
      .then((a) => navigate(`/community/articles/${a.id}/edit`, { replace: true }))
      .catch(() => {});
  }, [create, navigate]);
  if (state.isError) {
    return (
      <ErrorState
        title="The draft could not be started."
        message={(state.error as ApiError | undefined)?.message}
        onRetry={() => void create({})}
      />
    );
  }
  return <LoadingState label="Starting a draft" />;
}

export { NewArticlePage as Component };
