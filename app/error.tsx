'use client';
import { ErrorView } from '@/features/shell/error-view';

export default ErrorView;
